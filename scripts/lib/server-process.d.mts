export const SERVER_ENTRY: string;
export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;
export function serverArgs(): string[];
