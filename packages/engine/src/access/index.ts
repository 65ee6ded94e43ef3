export { PlanAccess, DEFAULT_MAX_SCAN, scanLimit, type PlanAccessOptions, type KeyLookup } from './plan-access';
