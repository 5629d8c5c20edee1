export const PRODUCT_NAME = 'ReferBridge';
