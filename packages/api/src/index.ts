export * from './errors';
export * from './locale.schemas';
export * from './auth.schemas';
export * from './trading.schemas';
export * from './env.schemas';
export * from './routes';
export * from './ws.schemas';
export * from './client';
