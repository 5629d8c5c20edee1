export interface SmokeResult {
  name: string;
  ok: boolean;
  detail: string;
}
export declare function runSmoke(
  base: string,
  options?: { production?: boolean; issuer?: string; fetchImpl?: typeof fetch },
): Promise<SmokeResult[]>;
export declare function assetPaths(html: string, root: URL): string[];
export declare function main(argv: string[]): Promise<number>;
