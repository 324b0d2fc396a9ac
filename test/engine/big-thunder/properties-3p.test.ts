import { propertySuite } from './property-suite';

propertySuite(3);
