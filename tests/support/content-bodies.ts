/** Valid admin bodies that tests vary one field of, to see that field's rule alone decide. */

/** A practice that `practiceSchema` accepts as it is. */
export const VALID_PRACTICE = {
  title: "T",
  description: "D",
  imageUrl: "/i.svg",
  category: "Meditation",
  duration: 5,
  focus: "F",
  audioUrl: "/a.ogg",
};
