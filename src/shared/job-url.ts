/**
 * Company detection from a job posting URL (spec section 5), shared by the request form, the demo's
 * validator and GET /api/companies/detect. The referrals issue fills in the rules; this is the shape
 * DESIGN.md fixes for the answer.
 */
export type DetectionConfidence = 'high' | 'medium' | 'low';

export interface CompanyDetection {
  companyName: string | null;
  companyId: number | null;
  confidence: DetectionConfidence | null;
  /** The spec's extraction message when nothing usable was found, or the page is not a specific posting. */
  message: string | null;
}
