/**
 * The editable pages as the site first shows them (docs/admin.md, "Pages"): the seed writes them into the pages table
 * (db/seed/pages.ts), and a page the table has no row for (a new database, before anyone saved it) shows them as they are.
 * App content, not seed data: the running site needs them whether or not the database was ever seeded.
 */
import type { AboutPageFields, HomePageFields, LegalPageFields, LegalPageKey } from "../lib/pages";

export const DEFAULT_HOME_PAGE: HomePageFields = {
  heroTitle: "Live an examined life",
  heroText:
    "Philosophy, mindfulness and counselling for everyday life: ideas that have helped people for two thousand years, and practices to make them your own.",
  poemTitle: "Becoming",
  poem: [
    "Not the summit, but the climbing;",
    "not the answer, but the asking;",
    "",
    "a self is not a thing you find",
    "but a shape you keep on making,",
    "",
    "line by line and day by day,",
    "until the making is the way.",
  ].join("\n"),
  quote: "The unexamined life is not worth living.",
  quoteCaption: "Socrates, in Plato’s Apology",
};

export const DEFAULT_ABOUT_PAGE: AboutPageFields = {
  mission: [
    "Philosophy began as a way of life: a set of practices for seeing clearly, acting well and meeting suffering without being ruled by it. We bring that tradition, from the Stoics and the Buddha to the existentialists, together with what modern counselling psychology has learned, and offer it freely to anyone looking for meaning, clarity and emotional well-being.",
    "Everything on the site is written or reviewed by people who teach and practise what they write about. Our articles and practices are free; our courses fund the work.",
  ].join("\n\n"),
  imageCaption: "Philosophy is a conversation across centuries, and anyone may join it.",
  testimonials: [
    {
      quote:
        "I came for an article on Stoicism and stayed for the morning practice. Ten minutes a day has changed how I meet my worst days.",
      name: "Maya L.",
      detail: "Reader since 2024",
    },
    {
      quote: "Clear, kind and never preachy. The existential counselling course gave me words for things I had felt for years.",
      name: "Daniel K.",
      detail: "Course participant",
    },
  ],
};

/** Each document, and the day it last changed (the privacy and cookie policies changed with the site's own visit counts: docs/analytics.md). */
export const DEFAULT_LEGAL_PAGES: Record<LegalPageKey, LegalPageFields & { updatedAt: string }> = {
  privacy: {
    updatedAt: "2026-12-08T00:00:00.000Z",
    body: [
      "## What we collect",
      "{site_name} does not require an account. We store only what you give us: your email address if you subscribe to the newsletter, the message and contact details you send through the contact form, and the course you enrol in when you pay. Card details go directly to our payment provider, Stripe, and never reach our servers.",
      "For the newsletter we store your address, its status (waiting for confirmation, subscribed or unsubscribed) and when it changed, which issues we sent you and whether each was delivered, and a record of the emails about your subscription (such as the confirmation email, without its link) in our outgoing mail log (used to deliver it and retry it). We keep no copy of the emails themselves: each is written again from its source when it is sent. The newsletter has no tracking: no pixel, and we never know who opens an issue or clicks in it. Its links to our own pages carry the issue's name (the same for every reader), so our visit counts show how many visits an issue brought, never whose.",
      "When you buy a course we store the order: the course, the amount and currency, the discount code you used, if any, the date, its status (paid or refunded), and the email address and name you gave. While you learn we store, under that address, the lessons you open and complete, your latest attempt at each quiz (with how many attempts you made, and on which one you passed), the exercises and reflections you write, your certificates, your sign-in sessions and access links, and a record of each email we send you (receipts, access links, refund notices, and notices that a new module of your course has opened) in our outgoing mail log: the address, the subject, the facts it was written from, and when and whether it was delivered, but not a copy of the email, nor the single-use links in it (which only your inbox has). For a course that opens module by module, we also keep, for a few days, which of its modules we told you had opened.",
      "When you give a course, we store with the order your email address (for the receipt and the link to manage the gift), the recipient's email address and name, your message, the day it is to be sent, and when it was sent and first opened. The course is the recipient's: their address opens it and their progress is theirs; yours gets no access. We email the recipient on the day you chose, with your message and your address as the giver, and again only if you ask us to.",
      "To stop abuse we count requests per network address for one hour (and per email address for confirmation and sign-in links), and failed admin sign-ins per network address for 15 minutes.",
      "## What we count",
      "We count visits ourselves, with no cookie, no tracking script and nothing stored that identifies you; no one else counts them. For each page our server answers, it adds one to that day's totals for: the page and the article, practice or course it shows; the site that linked to it, by its name only (such as google.com, never the address of the page); the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign or ref); your country, worked out from your network address, which is not kept; and whether your device is a phone, a tablet or a computer. Visits by search engines and other bots, pages your browser only prefetches, and our own editors' visits are not counted.",
      "To count unique visitors, your network address and browser name are combined with a random value that is made each day and deleted when the day is over; the result is used only to count each visitor once that day, and it is deleted with the day's random value, so no visit can be linked to you or to another day's. Your network address alone is combined with the same random value the same way, only to count at most a set number of page views from one address each day, and is deleted with it. Neither the day's random value nor these results are ever copied into the site's backups. The player of a practice reports when a play starts, reaches half way and ends, with the seconds listened, under a random number drawn for that play, which is kept only until the day is over, so that each report counts once. Only the daily totals are kept, for 25 months, and none of them identifies a person.",
      "Where your visit came from (the campaign tags of the link you arrived by, or the name of the site that linked to us) is kept in your browser's session storage, for this tab and this visit only, never in a cookie. It reaches us only if you then sign up for the newsletter or buy a course: it is sent along, and that source alone (such as newsletter, or google.com) is stored with your subscription or your order, so we can see which sources bring readers.",
      "## How we use it",
      "We use your email address to send the newsletter you asked for, your message to reply to you, and enrolment records to give you access to courses and, for a course that opens module by module or on set dates, to tell you (at most once a day) when a new module opens for you; the course's owner can switch this off. We do not sell or rent personal data, and we do not use it for advertising.",
      "To see how a course is working, the site's owner sees each learner's progress, quiz scores and attempts, and last visit with their order, and can download each learner's progress in a course; of a written answer they see only that it was written and how many words it has, never its text. Editors see only totals for each course and quiz, which name nobody.",
      "Subscribing takes two steps: we email you a link, and you are subscribed only once you open it and press its Confirm button. Every newsletter has an unsubscribe link that works in one click.",
      "Paying for a course does not prove that the email address is yours, so right after paying, your device opens only the course you bought, and what you do there is kept apart from the address. Your other courses, earlier answers and certificates open only with the access link we email to the address; opening it there keeps what you did with the rest of your learning. Opened on another device, the link shows what was done on the first one, which you can add to your learning or discard. What is neither added nor kept by opening the link there is deleted when its session ends (after 30 days, or when you sign out). The course's owner sees it only in totals that name nobody.",
      "If an address that already has a course pays for it again, the payment is an order like any other, and the receipt we email to the address says so, with a link that refunds it in full within 14 days (the order then keeps a fingerprint of that link, never the link itself). A refund closes the course on the device that paid. A payment we cannot match to a course at its price is refunded at once, and we are told.",
      "## How long we keep it",
      "A newsletter address that is never confirmed is deleted 7 days after we sent the confirmation link. When you unsubscribe we stop sending at once, and keep the address for 30 days so that you can undo it; then it is deleted. The records of the newsletter emails sent to an address are deleted with it. Contact messages are deleted two years after they were sent.",
      "Orders are kept for the accounts for {order_retention_years} years. After that your email address and name are removed from them (the course, amount, date and reference stay), and from a gift its two addresses, the recipient's name and the message. Your learning records (progress, answers, certificates) stay until you delete them or ask us to.",
      "The record of each email in our outgoing mail log is deleted {mail_log_retention_months} months after the email was written. The record of which newsletter issues we sent you and whether each was delivered is deleted {mail_log_retention_months} months after the issue was sent: only each issue's totals remain (how many were sent, were not delivered and why, or unsubscribed since), and they name nobody.",
      "A job runs every day to delete what is due. Expired sign-in sessions and links, and the abuse counters above, are deleted by the same job once they have expired.",
      "## Your rights",
      "You may ask to see, correct or delete the personal data we hold about you at any time by writing to {contact_email}.",
      "If you ask us to delete your newsletter subscription, we delete at once your address with its links, the record of which issues we sent you, the records of the newsletter emails we sent you, and the abuse counters kept for your address. Orders, receipts and contact messages are separate records: ask for them too if you wish.",
      "After opening the access link we email you (ask for one at /learn), you can download everything we store about your address as a learner, as a file (JSON) or as a readable page, and delete any of your written answers, all of them at once, or your progress and quiz attempts in a course. What you delete is removed from our database at once, not hidden.",
      "If you ask us to erase you as a learner, the site's owner deletes your progress, quiz attempts and written answers, certificates, sessions, access links, the record of which modules we told you had opened and the records of the emails we sent you, and removes your email address and name from your orders, and from the gifts you gave or received (with a received gift's message). The orders themselves are kept for the accounts.",
    ].join("\n\n"),
  },
  terms: {
    updatedAt: "2025-04-12T00:00:00.000Z",
    body: [
      "## Using the site",
      "By using {site_name} you agree to these terms. The articles, practices and resources are offered for your personal, non-commercial use.",
      "## Courses and payment",
      "Course prices are shown in US dollars and charged once, by card, through Stripe. If a course does not meet your expectations, write to us within 14 days of enrolling for a full refund.",
      "## Content",
      "The text, recordings and images on the site belong to us or our contributors. You may quote short passages with attribution and a link.",
      "## Changes",
      "We may update these terms; the date above shows the latest version. Continuing to use the site means you accept the current terms.",
    ].join("\n\n"),
  },
  cookies: {
    updatedAt: "2026-11-28T00:00:00.000Z",
    body: [
      "## Cookies we use",
      "Public pages set no cookies, and neither do the newsletter, the contact form or checkout; our visit counts use none either. Your theme choice and saved practices are kept in your browser's local storage, which never leaves your device. Where your visit came from (a link's campaign tags, or the site that linked to us) is kept in session storage for this tab and this visit only, and is sent to us only with a newsletter signup or a purchase (see the privacy policy).",
      "If you sign in (editors in the admin area; learners through an access link or on returning from a course payment), we set one strictly necessary session cookie. While you are signed in, saving something (your progress, an answer, an edit) also sets a second strictly necessary cookie for one minute, so that the next page you open shows what you saved; it holds only a position in our database's history, nothing about you, and it is removed when you sign out.",
      "## Payment",
      "On the enrolment page our payment provider, Stripe, may set cookies needed to process payments securely and prevent fraud.",
      "## Your choices",
      "You can clear local storage and cookies in your browser settings at any time. The site keeps working; it will simply forget your theme and saved practices.",
    ].join("\n\n"),
  },
  disclaimer: {
    updatedAt: "2025-04-12T00:00:00.000Z",
    body: [
      "## Not a substitute for care",
      "{site_name} offers philosophical and educational content. It is not medical or psychological advice, diagnosis or treatment. If you are struggling, please speak with a qualified professional.",
      "## In a crisis",
      "If you are in danger or thinking about harming yourself, contact your local emergency number or a crisis line immediately.",
      "## Accuracy",
      "We take care that what we publish is accurate and sound, but we cannot guarantee that every detail is complete or current. Practices are offered as invitations: stop any exercise that causes distress.",
    ].join("\n\n"),
  },
};
