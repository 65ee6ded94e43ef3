import { seedSuite } from './suite';

seedSuite();
