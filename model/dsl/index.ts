export * from './i18n';
export * from './field';
export * from './access';
export * from './endpoints';
export * from './rules';
export * from './filters';
export * from './resource';
export * from './workflow';
