/**
 * Entry point of the Mountain Post web client, bundled by scripts/build-client.ts into
 * public/app.js. Importing a component registers its element; <mp-app> in index.html starts it.
 * index.html runs public/boot.js (client/boot.ts) first: it starts the page's API requests.
 */
import './components/mp-app';
import { registerServiceWorker } from './pwa';

registerServiceWorker();
