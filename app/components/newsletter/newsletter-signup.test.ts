import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { subscribeFailureToast } from "./newsletter-signup";

describe("the newsletter's error toast", () => {
  it("past the hourly limit (429) says so, with the server's message", () => {
    const message = "Too many requests. Please try again in 42 minutes.";
    expect(subscribeFailureToast(new ApiError(429, message))).toEqual({ title: "Too many attempts", description: message });
  });

  it('any other failure keeps the title "Something went wrong", with the server\'s message or the fallback', () => {
    expect(subscribeFailureToast(new ApiError(400, "Please enter a valid email address."))).toEqual({
      title: "Something went wrong",
      description: "Please enter a valid email address.",
    });
    expect(subscribeFailureToast(new ApiError(503, "The service is temporarily unavailable. Please try again in a moment."))).toMatchObject(
      {
        title: "Something went wrong",
      },
    );
    expect(subscribeFailureToast(new TypeError("Failed to fetch"))).toEqual({
      title: "Something went wrong",
      description: "Failed to fetch",
    });
    expect(subscribeFailureToast(new Error(""))).toEqual({
      title: "Something went wrong",
      description: "Failed to subscribe. Please try again.",
    });
    expect(subscribeFailureToast(undefined)).toEqual({
      title: "Something went wrong",
      description: "Failed to subscribe. Please try again.",
    });
  });
});
