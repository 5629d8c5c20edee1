export interface Budget {
  route: string;
  budgetKiB: number;
  modules: string[];
}
export declare const BUDGETS: Budget[];
export declare function measure(
  webRoot: string,
  budgets?: Budget[],
): { route: string; budgetKiB: number; kib: number; files: number }[];
export declare function check(webRoot: string, budgets?: Budget[]): boolean;
