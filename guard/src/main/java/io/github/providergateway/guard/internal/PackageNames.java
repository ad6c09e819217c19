package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * The names of well-known packages of PyPI and npm, and whether an installed name is one letter
 * away from one of them (issue 80, {@code supply.near-miss-package}): a typo-squat's shape, where
 * the real neighbours of a well-known name are listed as well-known too.
 */
final class PackageNames {

  /** Well-known packages of PyPI and npm, and their real neighbours (not look-alikes). */
  private static final Set<String> WELL_KNOWN =
      NameSet.of(
          "requests",
          "request",
          "numpy",
          "pandas",
          "urllib3",
          "boto3",
          "boto",
          "botocore",
          "setuptools",
          "certifi",
          "cryptography",
          "django",
          "flask",
          "pytest",
          "pyyaml",
          "jinja2",
          "sqlalchemy",
          "pillow",
          "scipy",
          "matplotlib",
          "tensorflow",
          "torch",
          "transformers",
          "openai",
          "anthropic",
          "httpx",
          "pydantic",
          "fastapi",
          "uvicorn",
          "celery",
          "redis",
          "psycopg2",
          "psycopg",
          "pymongo",
          "paramiko",
          "selenium",
          "beautifulsoup4",
          "colorama",
          "python-dateutil",
          "dateutil",
          "virtualenv",
          "pipenv",
          "poetry",
          "black",
          "flake8",
          "pylint",
          "mypy",
          "jupyter",
          "notebook",
          "ipython",
          "scikit-learn",
          "lodash",
          "express",
          "react",
          "react-dom",
          "axios",
          "chalk",
          "commander",
          "webpack",
          "typescript",
          "eslint",
          "prettier",
          "moment",
          "dotenv",
          "jquery",
          "vue",
          "next",
          "nodemon",
          "mongoose",
          "socket.io",
          "electron",
          "babel",
          "jest",
          "mocha",
          "yargs",
          "uuid",
          "debug",
          "async",
          "underscore",
          "bluebird",
          "cross-env",
          "colors",
          "node-fetch",
          "body-parser",
          "cors",
          "jsonwebtoken",
          "bcrypt",
          "bcryptjs",
          "sharp",
          "discord.js",
          "puppeteer",
          "playwright",
          "vite",
          "rollup",
          "esbuild",
          "tailwindcss",
          "postcss",
          "sass",
          "nestjs",
          "rimraf",
          "glob",
          "semver",
          "minimist",
          "inquirer",
          "ora",
          "zod",
          "ws",
          "pg",
          "mysql",
          "mysql2",
          "sqlite3",
          "knex",
          "prisma",
          "sequelize",
          "coffee-script",
          "coffeescript",
          "event-stream",
          "requests-oauthlib",
          "requests-toolbelt",
          "types-requests",
          "flask-cors",
          "nodejs",
          "node",
          "expressjs",
          "reacts",
          "chai",
          "sinon",
          "nock",
          "yarn",
          "npm",
          "pnpm",
          "six",
          "idna",
          "attrs",
          "click",
          "rich",
          "tqdm",
          "toml",
          "tomli",
          "wheel",
          "pip",
          "twine",
          "build",
          "httplib2",
          "aiohttp",
          "grpcio",
          "protobuf",
          "docker",
          "kubernetes",
          "ansible",
          "awscli",
          "pyjwt",
          "jwt",
          "pytz",
          "arrow",
          "loguru",
          "dash",
          "plotly",
          "seaborn",
          "keras",
          "xgboost",
          "lightgbm",
          "opencv-python",
          "nltk",
          "spacy");

  private PackageNames() {}

  /**
   * Whether {@code name}, as installed (its version taken off), is one letter away from a
   * well-known package's name and is not one itself; names under five letters are not read.
   *
   * @param name the installed name
   * @return whether it is a near miss
   */
  static boolean nearMiss(String name) {
    String plain = name.toLowerCase(Locale.ROOT).replace('_', '-');
    if (plain.length() < 5 || WELL_KNOWN.contains(plain)) {
      return false;
    }
    for (String known : WELL_KNOWN) {
      if (known.length() >= 5 && oneEditApart(plain, known)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether one letter changed, left out, swapped with its neighbour, or put in inside the name
   * makes the installed name {@code a} of the well-known {@code b}.
   */
  static boolean oneEditApart(String a, String b) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < Math.min(la, lb) && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (la == lb) {
      if (a.substring(i + 1).equals(b.substring(i + 1))) {
        return true;
      }
      return i + 1 < la
          && a.charAt(i) == b.charAt(i + 1)
          && a.charAt(i + 1) == b.charAt(i)
          && a.substring(i + 2).equals(b.substring(i + 2));
    }
    if (la < lb) {
      return b.substring(i + 1).equals(a.substring(i)); // a letter left out: reqests
    }
    // A letter put in: only inside the name, as preact, expresso and reacts are packages of their
    // own.
    return i > 0 && i < la - 1 && a.substring(i + 1).equals(b.substring(i));
  }
}
