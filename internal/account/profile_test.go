package account_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
)

func TestPhoneRules(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		mari := h.as(t, h.signUp(t, "mari@example.ee", "secret-1").Token)
		jaan := h.as(t, h.signUp(t, "jaan@example.ee", "secret-1").Token)
		et := "et"
		_, err := h.svc.Update(jaan, account.ProfileUpdate{Language: &et})
		must(t, err)

		_, err = h.svc.RequestPhone(mari, "+0", "5551234")
		wantCode(t, err, apperr.PrefixNotValid)
		_, err = h.svc.RequestPhone(mari, "+372", "55x1234")
		wantCode(t, err, apperr.PhoneNotValid)
		_, err = h.svc.RequestPhone(context.Background(), "+372", "5551234")
		wantCode(t, err, apperr.CodeUnauthorized)

		// A provider failure is CANT_SEND_SMS and may be retried at once.
		h.sms.failNext()
		_, err = h.svc.RequestPhone(mari, "+372", "5551234")
		wantCode(t, err, apperr.CantSendSMS)
		_, err = h.svc.RequestPhone(mari, "+372", "5551234")
		must(t, err)
		_, code := h.sms.last(t, "+3725551234")
		_, err = h.svc.RequestPhone(mari, "+372", "5551234")
		wantCode(t, err, apperr.VerificationTooSoon)

		// Jaan asks for the same number before Mari verifies it: both get codes,
		// each bound to its own account, and the first to verify keeps the number.
		_, err = h.svc.RequestPhone(jaan, "00372", "5551234")
		must(t, err)
		text, jaanCode := h.sms.last(t, "+3725551234")
		if !strings.HasPrefix(text, "Sinu Lockersi kood") {
			t.Fatalf("Jaan's SMS is not in Estonian: %q", text)
		}
		_, err = h.svc.VerifyPhone(jaan, "+372", "5551234", code) // Mari's code is not Jaan's
		if jaanCode != code {
			wantCode(t, err, apperr.VerificationNotFound)
		}
		_, err = h.svc.VerifyPhone(mari, "+372", "5551234", code)
		must(t, err)
		_, err = h.svc.VerifyPhone(jaan, "+372", "5551234", jaanCode)
		wantCode(t, err, apperr.PhoneExists)
		h.clock.Add(time.Minute)
		_, err = h.svc.RequestPhone(jaan, "+372", "5551234")
		wantCode(t, err, apperr.PhoneExists)
		_, err = h.svc.RequestPhone(mari, "+372", "5551234")
		wantCode(t, err, apperr.PhoneVerified)
		_, err = h.svc.VerifyPhone(mari, "+372", "5551234", "")
		wantCode(t, err, apperr.MissingVerificationCode)
	})
}

func TestUpdateKeepsUnsetFieldsAndDevice(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		a := h.signUp(t, "keep@example.ee", "secret-1")
		me := h.as(t, a.Token)
		name := "Kati"
		got, err := h.svc.Update(me, account.ProfileUpdate{FirstName: &name})
		must(t, err)
		if got.User.FirstName != "Kati" || got.User.Language != account.English || got.ShouldUpdate {
			t.Fatalf("update answered %+v", got)
		}
		old := device
		old.AppVersion = "not-a-version"
		got, err = h.svc.Update(me, account.ProfileUpdate{Device: &old})
		must(t, err)
		if !got.ShouldUpdate || got.User.FirstName != "Kati" {
			t.Fatalf("an unreadable app version must ask for an update: %+v", got)
		}
		bad := "not-a-uuid"
		_, err = h.svc.Update(me, account.ProfileUpdate{DefaultStationID: &bad})
		wantCode(t, err, apperr.BadInput)
		long := strings.Repeat("x", 101)
		_, err = h.svc.Update(me, account.ProfileUpdate{LastName: &long})
		wantCode(t, err, apperr.BadInput)
		_, err = h.svc.Update(context.Background(), account.ProfileUpdate{FirstName: &name})
		wantCode(t, err, apperr.CodeUnauthorized)
		_, err = h.svc.Authorize(context.Background(), device)
		wantCode(t, err, apperr.CodeUnauthorized)
		wantCode(t, h.svc.Logout(context.Background()), apperr.CodeUnauthorized)
		wantCode(t, h.svc.Remove(context.Background(), "why"), apperr.CodeUnauthorized)
	})
}

func TestDeviceTokenAndEvents(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		a := h.signUp(t, "push@example.ee", "secret-1")
		me := h.as(t, a.Token)
		must(t, h.svc.SetDeviceToken(me, " FCM ", " token-123 "))
		var kind, token string
		must(t, h.db.QueryRowContext(me, `SELECT push_type, push_token FROM devices WHERE user_id = $1`, a.User.ID).Scan(&kind, &token))
		if kind != "fcm" || token != "token-123" {
			t.Fatalf("push token %q/%q", kind, token)
		}
		wantCode(t, h.svc.SetDeviceToken(me, "", "x"), apperr.MissingParams)
		wantCode(t, h.svc.SetDeviceToken(me, "f c m", "x"), apperr.BadInput)
		wantCode(t, h.svc.SetDeviceToken(context.Background(), "fcm", "x"), apperr.CodeUnauthorized)

		must(t, h.svc.Track(me, account.TrackInput{Type: "login", Source: "ios", Campaign: "spring"}))
		must(t, h.svc.Track(anon("192.0.2.9"), account.TrackInput{Type: "sign-up"}))
		wantCode(t, h.svc.Track(me, account.TrackInput{Type: "hack"}), apperr.BadInput)
		if n := count(t, h.db, `SELECT count(*) FROM events e JOIN devices d ON d.id = e.device_id
			WHERE e.type = 'login' AND e.user_id = $1 AND e.source = 'ios' AND e.campaign = 'spring'`, a.User.ID); n != 1 {
			t.Fatalf("signed-in event stored %d times with user and device", n)
		}
		if n := count(t, h.db, `SELECT count(*) FROM events WHERE type = 'sign-up' AND user_id IS NULL
			AND source = 'web' AND campaign = 'default'`); n != 1 {
			t.Fatalf("anonymous event stored %d times with the defaults", n)
		}
	})
}

// TestFirstOrdersFreeOncePerPhone: deleting an account and registering a new
// address on the same phone does not earn the first-3-free pack again.
func TestFirstOrdersFreeOncePerPhone(t *testing.T) {
	eachDB(t, func(t *testing.T, h *harness) {
		verifyPhone := func(ctx context.Context) {
			t.Helper()
			_, err := h.svc.RequestPhone(ctx, "+372", "5009999")
			must(t, err)
			_, code := h.sms.last(t, "+3725009999")
			_, err = h.svc.VerifyPhone(ctx, "+372", "5009999", code)
			must(t, err)
		}
		first := h.signUp(t, "first@example.ee", "secret-1")
		verifyPhone(h.as(t, first.Token))
		must(t, h.svc.Remove(h.as(t, first.Token), "trying again"))

		h.clock.Add(time.Minute)
		second := h.signUp(t, "second@example.ee", "secret-1")
		remaining := func(id string) int {
			return count(t, h.db, `SELECT remaining FROM user_coupons WHERE user_id = $1 AND pack_code = 'FIRST3'`, id)
		}
		if remaining(second.User.ID) != 3 {
			t.Fatal("a new address gets the pack at registration")
		}
		verifyPhone(h.as(t, second.Token))
		if got := remaining(second.User.ID); got != 0 {
			t.Fatalf("the same phone earned the pack twice: %d left", got)
		}
		if got := remaining(first.User.ID); got != 3 {
			t.Fatalf("the first holder's pack changed: %d", got)
		}
	})
}
