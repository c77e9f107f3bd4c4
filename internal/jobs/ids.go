package jobs

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river/rivertype"

	"lockers/internal/txn"
)

// idsInOrder gives each of jobs the id of its inserted row. A batch insert
// returns its rows as the database produced them, which SQL does not promise
// to be the order of the input, so each row is matched by its kind and
// arguments (compared as JSON values: PostgreSQL's jsonb reorders keys and
// spacing); jobs alike in both take the alike rows in turn.
func idsInOrder(jobs []txn.Job, rows []*rivertype.JobInsertResult) ([]int64, error) {
	if len(rows) != len(jobs) {
		return nil, fmt.Errorf("jobs: %d jobs inserted, %d rows returned", len(jobs), len(rows))
	}
	ids := make([]int64, len(jobs))
	positional := true
	for i, j := range jobs {
		if rows[i].Job == nil || rows[i].Job.Kind != j.Args.Kind() || (!j.At.IsZero() && !rows[i].Job.ScheduledAt.Equal(j.At.Truncate(time.Microsecond))) {
			positional = false
			break
		}
		ids[i] = rows[i].Job.ID
	}
	if positional {
		return ids, nil
	}
	free := map[string][]int64{}
	for _, r := range rows {
		if r.Job == nil {
			return nil, fmt.Errorf("jobs: an inserted row came back without its job")
		}
		k, err := jobKey(r.Job.Kind, r.Job.EncodedArgs)
		if err != nil {
			return nil, err
		}
		free[k] = append(free[k], r.Job.ID)
	}
	for i, j := range jobs {
		encoded, err := json.Marshal(j.Args)
		if err != nil {
			return nil, err
		}
		k, err := jobKey(j.Args.Kind(), encoded)
		if err != nil {
			return nil, err
		}
		if len(free[k]) == 0 {
			return nil, fmt.Errorf("jobs: no inserted row for a %s job", j.Args.Kind())
		}
		ids[i], free[k] = free[k][0], free[k][1:]
	}
	return ids, nil
}

// jobKey is kind and the arguments as a canonical JSON value.
func jobKey(kind string, args []byte) (string, error) {
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return "", fmt.Errorf("jobs: arguments of a %s job: %w", kind, err)
	}
	canonical, err := json.Marshal(v) // map keys sorted, no spacing
	if err != nil {
		return "", err
	}
	return kind + "\x00" + string(canonical), nil
}
