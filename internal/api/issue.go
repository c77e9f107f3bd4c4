package api

import (
	"context"

	"lockers/internal/issue"
	"lockers/internal/rpc"
)

// issueProcedures are the user's issue reports (issue 16): file one, list
// one's own. Nobody else's report is ever read.
func issueProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Mutation("issue.create", rpc.User, func(ctx context.Context, in IssueCreateInput) (IssueView, error) {
			r, err := d.Issues.Create(ctx, callerID(ctx), issue.NewReport{Category: in.Category, Text: in.Text,
				PhotoRef: in.PhotoRef, OrderLockerID: in.OrderLockerUUID})
			if err != nil {
				return IssueView{}, err
			}
			return issueView(r), nil
		}),
		rpc.Query("issue.list", rpc.User, func(ctx context.Context, _ rpc.Void) ([]IssueView, error) {
			rs, err := d.Issues.List(ctx, callerID(ctx))
			if err != nil {
				return nil, err
			}
			return mapAll(rs, issueView), nil
		}),
	}
}
