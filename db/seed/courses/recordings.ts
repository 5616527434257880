/**
 * Spoken guidance of the lesson recordings (db/seed/recordings/lesson-*.ogg), shown as the transcript under the
 * player. scripts/make-lesson-audio.sh speaks these texts; see scripts/make-practice-audio.sh for the markup
 * ([pause], [long pause], [bell]).
 *
 * The files are paid content, so they are not static assets (public/ is anyone's): `npm run db:seed` puts each into
 * the media bucket under its SHA-256 (scripts/seed-local.ts), and the lesson names it as `/media/<sha256>.ogg`, which
 * only the lesson's recording route serves, to whoever may read the lesson (docs/http.md, "Lesson recordings").
 * db/seed/practice-audio.test.ts checks each hash against its file.
 */
export const lessonRecordings = {
  morningPremeditation: {
    file: "lesson-morning-premeditation.ogg",
    audioUrl: "/media/5e97a94432fab71f20a2ddec99cc727febfa12f330a0207929af8fb7a95e0154.ogg",
    transcript: `Good morning. Sit comfortably, with your back upright and your feet flat on the floor. Let your hands rest, and take a slow breath in, and a long breath out. [pause]

The Stoics did not leave the day to chance. Seneca advised rehearsing in the mind what might happen, so that nothing would arrive entirely unexpected. Marcus Aurelius began his mornings by telling himself that he would meet people who were meddling, ungrateful, arrogant or unkind, and that none of them could harm him, because no one could force him to act badly.

Let us do the same now. Picture the hours ahead, from the moment you leave this seat until you go to sleep tonight. The work you must do. The people you will see. [pause]

Now choose one moment that may be difficult. Perhaps someone will be short with you, a plan will fall through, or you will simply be tired. See it as clearly as you can, as if it were already happening. Notice what rises in you: irritation, worry, a tightening in the chest. Let it be there, and breathe.

Now divide the situation in two. Some of it is not up to you: other people's words, the weather, the delay, the result. And some of it is entirely up to you: your judgement about what is happening, your effort, your words, and the kind of person you choose to be. [pause]

Ask yourself: if I met this moment well, what would that look like? Perhaps patience instead of haste. Honesty instead of resentment. Picture yourself responding in that way.

Remember that difficulty is not a sign that the day has gone wrong. It is the material you practise on. As Marcus wrote, what stands in the way becomes the way.

Take one more slow breath. In a few words, name the quality you want to bring to today.

Now open your eyes, and go to meet your day.`,
  },
  groundingSenses: {
    file: "lesson-grounding-senses.ogg",
    audioUrl: "/media/491b48eaa2e88497be1289e7e2d8d8050b0201e4e2183c8dbfc325cc0e711389.ogg",
    transcript: `Welcome. This is a grounding practice you can use at any time: when you feel overwhelmed, when your thoughts are racing, or simply when you want to come back to where you are. You can do it sitting or standing, with your eyes open.

Begin with your feet. Press them gently into the floor, and feel the ground pushing back. Notice the weight of your body, held up by the chair or by your own legs. You are here, in this place, right now. [pause]

Take a slow breath in through your nose, and let a longer breath out through your mouth. Once more. In, and a long, slow breath out.

Now let your eyes move slowly around you, and find five things you can see. Name them silently, one at a time. A colour. A shape. The edge of a shadow. Something you have never really looked at before. [pause]

Next, notice four things you can feel. The fabric of your clothes against your skin. The air on your face. Your hands, resting where they are. The floor beneath your feet.

Now listen for three things you can hear. The nearest sound, a sound further away, and perhaps the quiet sound of your own breathing. You do not need to like them. Just hear them. [pause]

Notice two things you can smell. If nothing is obvious, bring your hand close to your face, or simply notice the smell of the air around you.

And one thing you can taste. Perhaps the lingering taste of a drink, or just the ordinary taste of your own mouth.

Come back to your feet on the floor, and to one slow breath. If your mind is still busy, that is fine. You have shown it where the present moment is, and you can return here whenever you need to.

When you are ready, carry on with your day.`,
  },
  bracketing: {
    file: "lesson-bracketing.ogg",
    audioUrl: "/media/b37b58f2a09da29a5aaac49cd3dc2f4388791a6aa541b342d1ed1e742f7c5592.ogg",
    transcript: `Welcome. This is a short exercise in bracketing, the first step of the phenomenological method described by Edmund Husserl, and a way for counsellors to meet each client afresh. Sit comfortably, and take a few unhurried breaths.

Bring to mind a person you work with, or a situation you will soon walk into. It might be a client you will see this week. Let them come into view. [pause]

Now notice what you already think you know. Perhaps a diagnosis, a theory about why they are struggling, a guess at what they will say, or a sense of whether they will be easy or hard to work with. Notice, too, any feeling: liking, impatience, worry, hope.

Choose one of these assumptions, and put it quietly into words. For example: she is avoiding the real issue. Or: this will be another difficult session.

Now, without arguing with it, and without pretending that it is not there, set it to one side. You might imagine writing it on a card and placing it on a shelf beside you. It is not thrown away. It is simply not in the room for now. [pause]

Return to the person or situation, and describe only what appears. What do you actually see and hear when you picture them? Their posture, their voice, the words they use, the silences between. Stay with description rather than explanation: what is here, rather than why. [long pause]

Notice how they seem with your assumption set aside. Perhaps a little less familiar, or more surprising.

You cannot bracket everything. New assumptions will arise, and noticing them is part of the work. Each time, name the assumption, set it aside, and come back to what is in front of you.

Now take the card back from the shelf, if you wish, and notice whether it still fits. Then take one more breath, and return to the room.`,
  },
} satisfies Record<string, { file: string; audioUrl: string; transcript: string }>;
