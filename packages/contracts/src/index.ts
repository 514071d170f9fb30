export * from './common.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './products.ts';
export * from './search.ts';
export * from './signup.ts';
export * from './additives.ts';
export * from './sync.ts';
