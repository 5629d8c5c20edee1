export declare const BUILD_RECIPE: { recipe: number; mode: 'production'; nodeEnv: 'production' };
export declare function writeStamp(root: string, now?: Date): void;
export declare function rebuildReason(root: string): string | undefined;
