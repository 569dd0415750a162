import { describeHostileRoutes } from './hostile-input-app.ts';

// A third of the routes (hostile-input-app.ts): the route checks are the suite's longest test,
// split so that three workers share them.
describeHostileRoutes(1, 3);
