"""The pages: the blueprints (views/) and everything only pages use: forms, the hand form, the tool
forms, the chart, wording, sharing, revalidation, error pages, language choice, rate limits, the
server's redacting log."""
