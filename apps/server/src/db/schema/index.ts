export * from './users';
export * from './projects';
export * from './tasks';
export * from './messages';
export * from './money';
export * from './system';
export * from './reviews';
