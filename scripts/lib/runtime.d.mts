export function requiredNodeMajor(): number;
export function assertSupportedNode(what?: string): string;
