/**
 * Entry point of the Mountain Post web client, bundled by scripts/build-client.ts into
 * public/app.js. Importing a component registers its element; <mp-app> in index.html starts it.
 */
import './boot'; // first: starts the page's API requests before the components are evaluated
import './components/mp-app';
import { registerServiceWorker } from './pwa';

registerServiceWorker();
