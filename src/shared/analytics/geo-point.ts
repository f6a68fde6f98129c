import { z } from "zod";

// spec section 5 "Geographic values: latitude -90 to 90, longitude -180 to 180". The product accepts no
// location of its own; what carries one is an analytics event's properties (lat/lon from a client), so
// the check lives here, with the schema any future location input should use.

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);
export const geoPointSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema }).strict();
export type GeoPoint = z.infer<typeof geoPointSchema>;

const coordinateSchemas: Record<string, z.ZodNumber> = {
  lat: latitudeSchema,
  latitude: latitudeSchema,
  lon: longitudeSchema,
  lng: longitudeSchema,
  longitude: longitudeSchema,
};

/**
 * zod refinement for string-valued properties (analytics events carry every value as text): a lat/latitude
 * or lon/lng/longitude key must hold a number in range. Other keys are not looked at.
 */
export function checkGeoProperties(entries: Iterable<readonly [string, string]>, ctx: z.RefinementCtx): void {
  for (const [key, value] of entries) {
    const schema = coordinateSchemas[key.toLowerCase()];
    if (!schema) continue;
    const number = value.trim() === "" ? Number.NaN : Number(value);
    if (!schema.safeParse(number).success)
      ctx.addIssue({ code: "custom", message: `${key} must be a number from ${schema.minValue} to ${schema.maxValue}`, input: value });
  }
}
