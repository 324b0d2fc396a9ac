/**
 * Entry point of the Mountain Post web client, bundled by scripts/build-client.ts into
 * public/app.js. Importing a component registers its element; <mp-app> in index.html starts it.
 */
import './components/mp-app';
import './games';
import { registerServiceWorker } from './pwa';

registerServiceWorker();
