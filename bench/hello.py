"""The yardstick: a bare Flask app, served the same way as the project (bench/ratios.py)."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "hello"
