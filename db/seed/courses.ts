import { existentialCounselling } from "./courses/existential-counselling";
import { mindfulResilience } from "./courses/mindful-resilience";
import { stoicLiving } from "./courses/stoic-living";
import type { SeedCourse } from "./types";

/**
 * Courses with their modules, lessons and assessments, one file per course. Course duration is in hours,
 * lesson duration in minutes; the first lesson of every course is its free preview.
 */
export const seedCourses: SeedCourse[] = [stoicLiving, mindfulResilience, existentialCounselling];
