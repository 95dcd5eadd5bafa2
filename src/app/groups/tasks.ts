import { taskEventRoutes } from '../../api/routes/task-events.js';
import { taskListRoutes } from '../../api/routes/task-list.js';
import { taskEventOperations } from '../../api/schemas/responses/task-events.js';
import { taskListOperations } from '../../api/schemas/responses/tasks.js';
import { TaskList } from '../../domain/tasks/task-list.js';
import { TaskWatcher } from '../../domain/tasks/task-watch.js';
import { defineGroup } from './group.js';

/** Extensions of the contract over every group's tasks: one paginated list, and live events of any task. */
export const tasks = defineGroup({
  name: 'Tasks',
  kinds: [],
  operations: { ...taskListOperations, ...taskEventOperations },
  build: (p) => {
    const taskList = new TaskList(p.store.tasks);
    const taskWatcher = new TaskWatcher(p.store.tasks, p.taskFeed);
    const eventsHeartbeatMs = p.config.events.heartbeatSeconds * 1000;
    return {
      routes: (app, { streams }) => {
        taskListRoutes(app, { taskList, wire: p.taskWire, publicBaseUrl: p.config.publicBaseUrl });
        taskEventRoutes(app, { taskWatcher, wire: p.taskWire, streams, eventsHeartbeatMs });
      },
    };
  },
});
