//go:build !testclock

package clock

const testclockBuild = false
