// Package cluster runs several lockerd processes on one database behind
// HAProxy, as a site that scaled out does (docs/operations.md, "Scaling
// out"), and drives the app's journeys through the balancer: the
// multi-process test of `make test` (kill -9 under load) and `make soak`.
//
// Each process is either a lockerd binary (Options.Binary) or this test
// binary started again: a test's TestMain calls ChildMain first, which runs
// app.Run when the process was started as a child. HAProxy is Debian's
// haproxy package (.ci/run installs it).
package cluster
