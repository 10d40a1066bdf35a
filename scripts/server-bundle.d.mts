export declare const serverBundleDir: string;

export interface ServerBundleOptions {
  /** The module bundled, relative to `root`; default server/main.ts. */
  entry?: string;
  /** Where the bundle is written (its source map beside it). */
  file?: string;
  /** The project the entry and the stamp's paths are relative to. */
  root?: string;
}

export declare function bundleServer(options?: ServerBundleOptions): Promise<{ inputs: number }>;

export declare function freshServerBundle(options?: ServerBundleOptions): Promise<{ file: string; rebuilt: boolean }>;
