export const PRODUCT_NAME = 'ReferBridge';
export const SUPPORT_EMAIL = 'support@referbridge.app';
export const SOCIAL_PROFILE_URL = 'https://www.linkedin.com/company/referbridge';
