// The pre-rendered login page's whole script (prerenderLogin.tsx bundles and inlines it).
import { enhanceStaticLogin } from './staticLogin';

void enhanceStaticLogin();
