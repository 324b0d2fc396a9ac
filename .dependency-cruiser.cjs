/**
 * Import rules `npm test` checks (`npm run deps`): the layers of docs/design.md "Layout".
 * Type-only imports are free (they vanish from the bundle); value imports must follow the rules.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-value-cycles',
      comment: 'An import cycle with values in it: modules that need each other to load. Move the shared part into its own module.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'engine-is-pure',
      comment: 'engine/ is the rules: it imports only engine/ and its npm packages (no worker, client, db, or Node I/O).',
      severity: 'error',
      from: { path: '^engine/' },
      // pure-rand's subpath exports resolve by name only.
      to: { pathNot: ['^engine/', '^node_modules/', '^pure-rand/'] },
    },
    {
      name: 'engine-no-node-io',
      comment: 'engine/ is deterministic and pure: no Node built-ins (fs, crypto, timers).',
      severity: 'error',
      from: { path: '^engine/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'client-not-worker',
      comment: 'The client reaches the server through the API (client/api-types.ts from the OpenAPI document), never its code.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: ['^worker/', '^db/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'worker-not-client',
      comment: 'The Worker never imports the client.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^client/' },
    },
    {
      name: 'delivery-not-services',
      comment:
        'Delivery (worker/delivery: the outbox drain, email, webhooks, push) uses the database, the engine and the notice builders; it never calls a service, a route or scheduled work.',
      severity: 'error',
      from: { path: '^worker/delivery/' },
      to: { path: '^worker/(services|routes|scheduled|middleware)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-not-delivery',
      comment:
        'Services reach delivery and the Durable Objects through the service context (ServiceCtx.drain, ServiceCtx.clocks, wired in worker/service-deps.ts), never by import; nor do they call routes or scheduled work.',
      severity: 'error',
      from: { path: '^worker/services/' },
      to: { path: ['^worker/(delivery|routes|scheduled|middleware|mail-in)/', '^worker/service-deps'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'notices-are-builders',
      comment:
        'worker/notices (names, links, message text, the outbox rows a commit queues, channel settings) sits under services and delivery: it imports neither, nor anything above them.',
      severity: 'error',
      from: { path: '^worker/notices/' },
      to: { path: '^worker/(services|delivery|routes|scheduled|middleware|mail-in)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'worker/lib (ids, hashes, locks, game rows, the state answer) is used by every layer and imports none of them.',
      severity: 'error',
      from: { path: '^worker/lib/' },
      to: { path: '^worker/(services|delivery|notices|routes|scheduled|middleware|mail-in)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'clock-notes-via-context',
      comment: 'Durable Object notes reach services and delivery as ServiceCtx.clocks; only the Worker wiring and the routes bind them.',
      severity: 'error',
      from: { path: '^worker/(services|delivery|notices|lib)/' },
      to: { path: '^worker/clock/notes', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'runtime-not-tests',
      comment: 'Shipped code never imports tests, the bench or the scripts.',
      severity: 'error',
      from: { path: ['^engine/', '^client/', '^worker/', '^db/'] },
      to: { path: ['^test/', '^bench/', '^scripts/'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['^dist/', '^node_modules/'] },
  },
};
