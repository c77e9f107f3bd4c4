package apperr

import (
	"errors"
	"fmt"
	"testing"
)

func TestCatalogueIsCompleteAndUnambiguous(t *testing.T) {
	seen := map[Code]bool{}
	valid := map[TRPCCode]bool{
		BadRequest: true, Unauthorized: true, Forbidden: true, NotFound: true, Conflict: true,
		TooManyRequests: true, InternalServerError: true, PaymentRequired: true, PreconditionFailed: true, BadGateway: true,
	}
	for _, e := range Catalogue {
		if seen[e.Code] {
			t.Errorf("%s is listed twice", e.Code)
		}
		seen[e.Code] = true
		if !valid[e.TRPC] {
			t.Errorf("%s travels with unknown tRPC code %q", e.Code, e.TRPC)
		}
	}
	// The codes the client toasts (spec §8) and a sample of every group must be there.
	for _, c := range []Code{
		"COULDNT_CREATE_PLM_ORDER", "START_AFTER_END", "TOO_MANY_REQUESTS", "MUST_ACCEPT_TERMS", "CANT", "CANT_CHANGE",
		"MISSING_NOTE", "LOCKERS_NOT_AVAILABLE", "GENERAL_ERROR", "VERIFICATION_TOO_SOON", "PHONE_EXISTIS",
		"CANT_REGISTER_COUPON", "USER_ALREADY_EXISTS", "ORDER_NOT_FOUND", "STATION_NOT_FOUND", "CHARGE_ERROR",
		"INVOICE_PAID", "COUPON_ALREADY_REGISTERED", "MISSING_VERIFICATION_CODE", "MISSING_VERIFICATION_TOKEN",
		"ORDER_ALREADY_CONFIRMED", "ORDER_ALREADY_CANCELLED", "ORDER_ALREADY_DELETED",
	} {
		if !Known(c) {
			t.Errorf("%s is missing from the catalogue", c)
		}
	}
	if len(Catalogue) < 60 {
		t.Errorf("catalogue has %d codes; spec §8 lists more", len(Catalogue))
	}
}

func TestErrorHelpers(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", Field(MissingNote, "note", "Missing Note"))
	e, ok := As(err)
	if !ok || e.Code != MissingNote || e.Field != "note" || e.TRPCCode() != BadRequest {
		t.Fatalf("As(%v) = %+v, %v", err, e, ok)
	}
	if CodeOf(errors.New("disk on fire")) != GeneralError {
		t.Fatal("a plain error must count as GENERAL_ERROR")
	}
	if TRPCFor("NO_SUCH_CODE") != InternalServerError {
		t.Fatal("an unknown code must travel as INTERNAL_SERVER_ERROR")
	}
	forbidden := &Error{Code: CodeUnauthorized, TRPC: Forbidden}
	if forbidden.TRPCCode() != Forbidden {
		t.Fatal("the TRPC override is ignored")
	}
}
