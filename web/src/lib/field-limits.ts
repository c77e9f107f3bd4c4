/**
 * The longest (and shortest) values the server accepts for each field a customer
 * types (issue 46), in characters; the e-mail address in bytes, which for the ASCII
 * an address is made of is the same. Each form sets these as the field's maxLength
 * and says the limit when it is reached (components/ui/limit-hint.tsx), so nothing
 * is cut without a word and nothing the server would refuse is sent.
 * The back office's station and compartment forms do the same with theirs.
 * internal/api/field_limits_test.go checks them against the server's constants.
 */
export const fieldLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  passwordMin: 6,
  passwordMax: 18,
  deleteReason: 1000,
  cancelNote: 500,
  issueText: 2000,
  helpQuery: 200,
  stationName: 200,
  stationAddress: 300,
  stationCity: 100,
  openingHours: 300,
  compartmentLabel: 40,
  compartmentType: 40,
} as const;

/** The back office's station and compartment fields by their form names: their rules state these. */
export const stationFieldLimits = {
  name: fieldLimits.stationName,
  address: fieldLimits.stationAddress,
  city: fieldLimits.stationCity,
  openingHours: fieldLimits.openingHours,
  label: fieldLimits.compartmentLabel,
  type: fieldLimits.compartmentType,
} as const;
