/** The picking domain (issue 12): progress derived from events, the rules of what to write, codes and labels. */
export * from './progress';
export * from './rules';
export * from './codes';
export * from './labels';
export * from './boxScan';
