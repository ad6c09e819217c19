package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Which program is the project's own tool (decision 162): one run by a path inside the project
 * ({@code ./bin/hlops}, {@code scripts/impairments.py}, {@code tools/sapqm.py}), or a script or a
 * module of the project run by an interpreter ({@code python scripts/claims.py}, {@code python -m
 * tools.qms}). Not the project's own: a program on the PATH or in the home folder ({@code
 * ~/.local/bin/gateway}, {@code /usr/local/bin/x}), what the project's build made ({@code
 * ./target/release/pricing-engine}, {@code node_modules/.bin/x}, {@code .venv/bin/x}), and a module
 * of Python's own library or of a developer's tool ({@code python -m http.server}, {@code python -m
 * pytest}).
 */
final class ProjectTools {
  private ProjectTools() {}

  /**
   * The folders of a build's output and of installed packages: what ran there is not written here.
   */
  private static final Set<String> BUILT =
      NameSet.of(
          "target",
          "build",
          "dist",
          "out",
          "node_modules",
          ".venv",
          "venv",
          "env",
          "vendor",
          ".tox",
          ".nox",
          "bazel-bin",
          "bazel-out",
          "_build",
          ".build",
          "zig-out",
          ".gradle",
          ".next",
          ".cargo",
          "site-packages");

  /**
   * The modules of Python's own library and of developers' tools run with {@code -m} (their first
   * part), beside {@code local}'s programs.
   */
  private static final Set<String> LIBRARY_MODULES =
      NameSet.of(
          "http",
          "json",
          "venv",
          "ensurepip",
          "unittest",
          "doctest",
          "pdb",
          "cProfile",
          "profile",
          "timeit",
          "zipfile",
          "tarfile",
          "gzip",
          "compileall",
          "py_compile",
          "pydoc",
          "site",
          "sysconfig",
          "trace",
          "tokenize",
          "ast",
          "dis",
          "calendar",
          "webbrowser",
          "uuid",
          "base64",
          "sqlite3",
          "asyncio",
          "pickletools",
          "platform",
          "mimetypes",
          "idlelib",
          "tabnanny",
          "pstats",
          "zipapp",
          "encodings",
          "lib2to3",
          "pytest",
          "coverage",
          "build",
          "twine",
          "uvicorn",
          "gunicorn",
          "hypercorn",
          "flask",
          "django",
          "celery",
          "alembic",
          "jupyter",
          "nbconvert",
          "ipykernel",
          "streamlit",
          "mkdocs",
          "sphinx",
          "tox",
          "nox",
          "pre_commit",
          "pip_audit",
          "bandit",
          "isort",
          "flake8",
          "pylint",
          "ruff",
          "mypy",
          "black",
          "pyright",
          "grpc_tools",
          "spacy",
          "nltk",
          "playwright",
          "locust",
          "pip",
          "pipx",
          "poetry",
          "hatch",
          "pdm",
          "pyinstaller",
          "nuitka",
          "cython",
          "setuptools",
          "wheel",
          "virtualenv",
          "ipython",
          "IPython");

  /**
   * The frameworks' own command lines, run by their path ({@code bin/magento}, Symfony's {@code
   * bin/console}, {@code bin/rails}): their commands are the framework's, on the developer's
   * install (decision 105 reads them in production only); and the gateway's own, which its own
   * rules read.
   */
  private static final Set<String> NOT_THE_PROJECTS =
      NameSet.of(
          "magento",
          "console",
          "rails",
          "rake",
          "artisan",
          "thor",
          "mix",
          "drush",
          "django-admin",
          "gateway",
          "provider-gateway");

  /** Whether {@code step} is the project's own tool. */
  static boolean own(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty() || NOT_THE_PROJECTS.contains(step.program())) {
      return false;
    }
    if (ScriptRun.runs(step)) {
      List<Word> args = step.args();
      int start = ScriptRun.start(args); // python3 -u scripts/x.py (decision 168)
      if (start < 0 || args.size() < start + 2) {
        return false;
      }
      String first = args.get(start).text();
      if (first.equals("-m")) {
        String module = args.get(start + 1).text();
        int dot = module.indexOf('.');
        String top = dot > 0 ? module.substring(0, dot) : module;
        return args.get(start + 1).literal() && !LIBRARY_MODULES.contains(top);
      }
      String file = first.substring(first.lastIndexOf('/') + 1);
      return args.get(start).literal()
          && inProject(step, first)
          && !NOT_THE_PROJECTS.contains(file);
    }
    String path = path(words.get(0));
    return path != null && path.indexOf('/') >= 0 && inProject(step, path);
  }

  /** The ways a call names the folder it runs in: {@code "$PWD/bin/hlops"} (decision 168). */
  private static final List<String> HERE = List.of("$PWD/", "${PWD}/", "$(pwd)/", "`pwd`/");

  /** The program's path: as written, or relative where it begins with the folder the call is in. */
  private static String path(Word word) {
    String text = word.text();
    if (word.literal()) {
      return text;
    }
    for (String here : HERE) {
      if (text.startsWith(here)) {
        String rest = text.substring(here.length());
        return rest.indexOf('$') < 0 && rest.indexOf('`') < 0 && rest.indexOf('*') < 0
            ? "./" + rest
            : null;
      }
    }
    return null;
  }

  /** Whether the program is Django's {@code manage.py} (run by python or by its path). */
  static boolean django(Step step) {
    if (!step.interpreter()) {
      return step.program().equals("manage.py");
    }
    List<Word> args = step.args();
    if (args.isEmpty()) {
      return false;
    }
    String first = args.get(0).text();
    return first.equals("manage.py") || first.endsWith("/manage.py");
  }

  /** A path inside the project, not in its build's output: relative, or under the call's folder. */
  private static boolean inProject(Step step, String path) {
    if (path.isEmpty() || path.length() > 512 || path.startsWith("~") || path.startsWith("$")) {
      return false;
    }
    String inside = path;
    if (path.startsWith("/")) {
      inside = null;
      for (Path cwd : step.cwds()) {
        String folder = cwd == null ? null : cwd.toString();
        if (folder != null && folder.length() > 1 && path.startsWith(folder + "/")) {
          inside = path.substring(folder.length() + 1);
          break;
        }
      }
      if (inside == null) {
        return false;
      }
    }
    while (inside.startsWith("./")) {
      inside = inside.substring(2);
    }
    if (inside.startsWith("../")) {
      return false;
    }
    int slash = inside.indexOf('/');
    String top = slash > 0 ? inside.substring(0, slash) : inside;
    return !BUILT.contains(top) && !top.startsWith("cmake-build");
  }
}
