/**
 * Limits count characters as readers do (Unicode code points), not UTF-16 units: 5,000 emoji are 5,000 characters,
 * on the server (the shared zod schemas and the save itself) and in the form (its counter and maxLength).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, seedTestDb } from "../../tests/support/db";
import { contactSchema, lessonActionSchema } from "./schemas";
import { characterCount, MESSAGE_MAX, textareaMaxLength, WRITTEN_ANSWER_MAX } from "./validation";
import { readFormBody } from "~/server/core/http.server";
import { saveWrittenAnswer } from "~/server/learning/learning.server";

const EMOJI = "🌿"; // one character, two UTF-16 units

describe("answers of emoji", () => {
  it("count one character per code point", () => {
    expect(EMOJI.length).toBe(2);
    expect(characterCount(EMOJI.repeat(5000))).toBe(5000);
    expect(characterCount("é👩🏽")).toBe(3);
  });

  it("the lesson form's schema takes 5,000 emoji and refuses 5,001", () => {
    const answer = (text: string) => lessonActionSchema.safeParse({ intent: "answer", assessmentId: "1", answer: text });
    expect(answer(EMOJI.repeat(WRITTEN_ANSWER_MAX)).success).toBe(true);
    const refused = answer(EMOJI.repeat(WRITTEN_ANSWER_MAX + 1));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Your answer can be at most 5,000 characters.");
    expect(answer("x".repeat(WRITTEN_ANSWER_MAX + 1)).success).toBe(false);
  });

  it("the save takes 5,000 emoji and refuses 5,001", async () => {
    const db = await seedTestDb();
    const assessment = await env.DB.prepare("SELECT id FROM assessments WHERE lesson_id = 2 AND kind = 'exercise'").first<{ id: number }>();
    const input = { email: buyerEmail(), courseId: 1, lessonId: 2, assessmentId: assessment!.id };
    await insertEnrollment(db, { email: input.email, courseId: 1 });
    await saveWrittenAnswer(db, { ...input, answer: EMOJI.repeat(5000) });
    const stored = await env.DB.prepare("SELECT answer FROM assessment_responses WHERE email = ?")
      .bind(input.email)
      .first<{ answer: string }>();
    expect(characterCount(stored!.answer)).toBe(5000);
    await expect(saveWrittenAnswer(db, { ...input, answer: EMOJI.repeat(5001) })).rejects.toMatchObject({ status: 400 });
  });

  it("a contact message counts the same way", () => {
    const message = (text: string) => contactSchema.safeParse({ name: "A", email: "a@example.com", subject: "general", message: text });
    expect(message(EMOJI.repeat(MESSAGE_MAX)).success).toBe(true);
    expect(message(EMOJI.repeat(MESSAGE_MAX + 1)).success).toBe(false);
  });

  it("the form's maxLength (UTF-16 units in browsers) never cuts off an answer the server takes, and the post fits the body limit", async () => {
    expect(textareaMaxLength(WRITTEN_ANSWER_MAX)).toBeGreaterThanOrEqual(EMOJI.repeat(WRITTEN_ANSWER_MAX).length);
    const body = new URLSearchParams({ intent: "answer", assessmentId: "1", answer: "𝄞".repeat(WRITTEN_ANSWER_MAX) });
    const form = await readFormBody(
      new Request("http://localhost/courses/1/learn/2", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
    expect(characterCount(String(form.get("answer")))).toBe(WRITTEN_ANSWER_MAX);
  });
});
