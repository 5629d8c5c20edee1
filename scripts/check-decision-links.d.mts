export interface DecisionLinkProblem {
  line: number;
  reference: string;
  problem: string;
}
export declare function brokenDecisionLinks(root: string, file: string, text: string): DecisionLinkProblem[];
export declare function checkRepository(root: string): (DecisionLinkProblem & { file: string })[];
