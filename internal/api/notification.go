package api

import (
	"context"

	"lockers/internal/notify"
	"lockers/internal/rpc"
)

// notificationProcedures are the caller's notifications and channels (issue 16).
func notificationProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("notification.list", rpc.User, func(ctx context.Context, in NotificationListInput) (NotificationPage, error) {
			after, err := decodeCursor(in.Cursor)
			if err != nil {
				return NotificationPage{}, err
			}
			p, err := d.Notify.List(ctx, callerID(ctx), after, in.Limit)
			if err != nil {
				return NotificationPage{}, err
			}
			out := NotificationPage{Items: make([]NotificationView, 0, len(p.Items)), NextCursor: encodeCursor(p.Next),
				Unread: p.Unread}
			for _, n := range p.Items {
				out.Items = append(out.Items, notificationView(n))
			}
			return out, nil
		}),
		// The changes made to one of the caller's orders (issue 42), for its
		// page's history. The order's owner may read them; anyone else learns
		// nothing (ORDER_NOT_FOUND, as invoice.list).
		rpc.Query("notification.ofOrder", rpc.User, func(ctx context.Context, in OrderInput) ([]NotificationView, error) {
			user := callerID(ctx)
			if _, err := d.Orders.Get(ctx, user, in.OrderUUID); err != nil {
				return nil, err
			}
			ns, err := d.Notify.OrderChanges(ctx, user, in.OrderUUID)
			if err != nil {
				return nil, err
			}
			out := make([]NotificationView, 0, len(ns))
			for _, n := range ns {
				out = append(out, notificationView(n))
			}
			return out, nil
		}),
		rpc.Mutation("notification.read", rpc.User, func(ctx context.Context, in NotificationIDInput) (Done, error) {
			return Done{OK: true}, d.Notify.Read(ctx, callerID(ctx), in.ID)
		}),
		rpc.Mutation("notification.readAll", rpc.User, func(ctx context.Context, _ rpc.Void) (ReadAllResult, error) {
			n, err := d.Notify.ReadAll(ctx, callerID(ctx))
			return ReadAllResult{Marked: n}, err
		}),
		rpc.Query("notification.settings", rpc.User, func(ctx context.Context, _ rpc.Void) (NotificationSettingsView, error) {
			s, err := d.Notify.Settings(ctx, callerID(ctx))
			return NotificationSettingsView(s), err
		}),
		rpc.Mutation("notification.updateSettings", rpc.User, func(ctx context.Context, in NotificationSettingsView) (NotificationSettingsView, error) {
			s, err := d.Notify.UpdateSettings(ctx, callerID(ctx), notify.Settings(in))
			return NotificationSettingsView(s), err
		}),
	}
}
