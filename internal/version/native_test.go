package version

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lockers/web"
)

// TestNativeAppsCarryTheOneVersion: the Android and iOS apps say the version the
// server and the web app say (web/package.json's), not a version of their own.
// Android reads package.json itself; iOS gets it written by
// web/build/native-version.mjs.
func TestNativeAppsCarryTheOneVersion(t *testing.T) {
	v := web.PackageVersion
	parts := strings.Split(v, ".")
	if len(parts) != 3 {
		t.Fatalf("package.json's version %q is not MAJOR.MINOR.PATCH", v)
	}
	n := func(i int) int { x, _ := strconv.Atoi(parts[i]); return x }
	build := strconv.Itoa(n(0)*10000 + n(1)*100 + n(2))

	gradle, err := os.ReadFile("../../web/android/app/build.gradle")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"parse(file('../../package.json')).version", "versionName productVersion", "versionCode productVersionCode"} {
		if !strings.Contains(string(gradle), want) {
			t.Errorf("android/app/build.gradle does not take its version from package.json (%q missing)", want)
		}
	}

	pbx, err := os.ReadFile("../../web/ios/App/App.xcodeproj/project.pbxproj")
	if err != nil {
		t.Fatal(err)
	}
	check := func(setting, want string) {
		found := regexp.MustCompile(setting+` = ([^;]+);`).FindAllStringSubmatch(string(pbx), -1)
		if len(found) == 0 {
			t.Errorf("the iOS project has no %s", setting)
		}
		for _, m := range found {
			if m[1] != want {
				t.Errorf("the iOS project's %s is %s, want %s (run node web/build/native-version.mjs)", setting, m[1], want)
			}
		}
	}
	check("MARKETING_VERSION", v)
	check("CURRENT_PROJECT_VERSION", build)
}
