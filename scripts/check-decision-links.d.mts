export interface DecisionLinkProblem {
  line: number;
  reference: string;
  problem: string;
}
export declare function brokenDecisionLinks(root: string, file: string, text: string): DecisionLinkProblem[];
export declare function checkRepository(root: string): (DecisionLinkProblem & { file: string })[];
export declare function outsideCitations(file: string, text: string): DecisionLinkProblem[];
export declare function brokenDocCitations(root: string, text: string): DecisionLinkProblem[];
export declare function indexRows(
  indexText: string,
): Map<string, { file: string; date: string; status: string }>;
export declare function recordFormProblems(
  file: string,
  text: string,
  indexText: string,
): DecisionLinkProblem[];
