// What the gateway client's README tells a Node project without DOM types to add: tRPC's
// declarations name the DOM's `RequestInfo`, which @types/node does not declare.
type RequestInfo = Request | string;
