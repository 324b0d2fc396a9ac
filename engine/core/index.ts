export * from './types';
export * from './errors';
export * from './rng';
export * from './json';
export * from './play';
export * from './registry';
export * from './bot';
export * from './record';
