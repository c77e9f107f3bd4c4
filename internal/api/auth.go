package api

import (
	"context"

	"lockers/internal/account"
	"lockers/internal/identity"
	"lockers/internal/rpc"
)

// authProcedures are the account procedures of spec §7 plus the phone steps of
// the profile screens.
func authProcedures(d Deps) []rpc.Procedure {
	a := func() *account.Service { return d.Accounts }
	return []rpc.Procedure{
		rpc.Query("auth.authorize", rpc.Public, func(ctx context.Context, in DeviceInfo) (AuthResponse, error) {
			if _, ok := identity.From(ctx); !ok {
				// No (or no longer a valid) session: say so without failing, so the
				// client drops its token and still learns whether it must update.
				return AuthResponse{ShouldUpdate: account.NeedsUpdate(in.AppVersion, d.MinAppVersion)}, nil
			}
			res, err := a().Authorize(ctx, in.domain())
			return authResponse(res), err
		}),
		rpc.Mutation("auth.login", rpc.Public, func(ctx context.Context, in LoginInput) (AuthResponse, error) {
			res, err := a().Login(ctx, account.LoginInput{Email: in.Email, Password: in.Password, Device: in.Device.domain()})
			return authResponse(res), err
		}),
		rpc.Mutation("auth.logout", rpc.User, func(ctx context.Context, _ rpc.Void) (Done, error) {
			return Done{OK: true}, a().Logout(ctx)
		}),
		rpc.Mutation("auth.register", rpc.Public, func(ctx context.Context, in RegisterInput) (CodeSent, error) {
			res, err := a().Register(ctx, account.RegisterInput{Email: in.Email, AcceptTerms: in.AcceptTerms, Language: in.Language})
			return codeSent(res), err
		}),
		rpc.Mutation("auth.recall", rpc.Public, func(ctx context.Context, in EmailInput) (CodeSent, error) {
			res, err := a().Recall(ctx, in.Email)
			return codeSent(res), err
		}),
		rpc.Mutation("auth.reset", rpc.Public, func(ctx context.Context, in EmailInput) (CodeSent, error) {
			res, err := a().Reset(ctx, in.Email)
			return codeSent(res), err
		}),
		rpc.Mutation("auth.verify", rpc.Public, func(ctx context.Context, in VerifyInput) (Verified, error) {
			res, err := a().Verify(ctx, in.Email, in.Code)
			return Verified{VerificationToken: res.Token, ExpiresAt: rfc3339(res.ExpiresAt)}, err
		}),
		rpc.Mutation("auth.setPassword", rpc.Public, func(ctx context.Context, in SetPasswordInput) (AuthResponse, error) {
			res, err := a().SetPassword(ctx, account.SetPasswordInput{
				Token: in.VerificationToken, Password: in.Password, PasswordRepeat: in.PasswordRepeat, Device: in.Device.domain(),
			})
			return authResponse(res), err
		}),
		rpc.Mutation("auth.unlock", rpc.Public, func(ctx context.Context, in UnlockInput) (Done, error) {
			return Done{OK: true}, a().Unlock(ctx, in.Token)
		}),
		rpc.Mutation("auth.update", rpc.User, func(ctx context.Context, in UpdateInput) (AuthResponse, error) {
			up := account.ProfileUpdate{FirstName: in.FirstName, LastName: in.LastName, Language: in.Language, DefaultStationID: in.DefaultStationID}
			if in.Device != nil {
				dev := in.Device.domain()
				up.Device = &dev
			}
			res, err := a().Update(ctx, up)
			return authResponse(res), err
		}),
		rpc.Mutation("auth.requestPhone", rpc.User, func(ctx context.Context, in PhoneInput) (PhoneCodeSent, error) {
			res, err := a().RequestPhone(ctx, in.Prefix, in.Phone)
			return PhoneCodeSent{Prefix: res.Prefix, Phone: res.Phone, ExpiresAt: rfc3339(res.ExpiresAt), ResendAt: rfc3339(res.ResendAt)}, err
		}),
		rpc.Mutation("auth.verifyPhone", rpc.User, func(ctx context.Context, in PhoneVerifyInput) (UserView, error) {
			u, err := a().VerifyPhone(ctx, in.Prefix, in.Phone, in.Code)
			if err != nil {
				return UserView{}, err
			}
			return *userView(u), nil
		}),
		rpc.Mutation("auth.remove", rpc.User, func(ctx context.Context, in RemoveInput) (Done, error) {
			return Done{OK: true}, a().Remove(ctx, in.Reason)
		}),
		rpc.Mutation("auth.deviceToken", rpc.User, func(ctx context.Context, in DeviceTokenInput) (Done, error) {
			return Done{OK: true}, a().SetDeviceToken(ctx, in.Type, in.Token)
		}),
		rpc.Mutation("event.track", rpc.Public, func(ctx context.Context, in TrackInput) (Done, error) {
			return Done{OK: true}, a().Track(ctx, account.TrackInput{Type: in.Type, Source: in.Source, Campaign: in.Campaign})
		}),
	}
}

func codeSent(c account.CodeSent) CodeSent {
	return CodeSent{Email: c.Email, ExpiresAt: rfc3339(c.ExpiresAt), ResendAt: rfc3339(c.ResendAt)}
}
