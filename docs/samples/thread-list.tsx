// #region sample
import { ThreadList, ThreadListItems, ThreadListNew, ThreadListStatus } from "@tandem/ui";

export const Sidebar = () => (
  <ThreadList className="sidebar" labels={{ threads: "Conversations" }}>
    <ThreadListNew>Start over</ThreadListNew>
    <ThreadListItems />
    <ThreadListStatus />
  </ThreadList>
);
// #endregion sample
