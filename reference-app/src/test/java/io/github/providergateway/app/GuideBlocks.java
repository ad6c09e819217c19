package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The Java blocks of a page of docs/, each a whole file as the page shows it (its imports, then one
 * top-level type), compiled on its own with javac against what this module's tests see, so a block
 * that lacks an import, or uses another block's class, fails; then loaded, for a test to run. A
 * {@code module} declaration is kept apart: it is not a class to compile.
 */
final class GuideBlocks {

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern TYPE =
      Pattern.compile("(?m)^(?:public |final |abstract )*(?:class|record|interface|enum) (\\w+)");
  private static final Pattern MODULE = Pattern.compile("(?m)^module [\\w.]+ \\{");

  /** The blocks, by the name of the type each declares, in the page's order. */
  final Map<String, String> sources = new LinkedHashMap<>();

  /** The page's {@code module} declarations. */
  final List<String> modules = new ArrayList<>();

  private final Path classes;

  /** Loads the compiled blocks; made once. */
  private ClassLoader loader;

  private GuideBlocks(Path classes) {
    this.classes = classes;
  }

  /**
   * Reads the Java blocks of {@code page} (a path under the repository's root) up to the heading
   * {@code until} (null: to the end), and compiles each on its own into {@code work}.
   */
  static GuideBlocks compile(String page, String until, Path work) throws IOException {
    String text = Files.readString(Interop.repoRoot().resolve(page));
    if (until != null) {
      int end = text.indexOf(until);
      assertThat(end).as("the heading %s in %s", until, page).isNotNegative();
      text = text.substring(0, end);
    }
    GuideBlocks blocks = new GuideBlocks(Files.createDirectories(work.resolve("classes")));
    Matcher block = JAVA_BLOCK.matcher(text);
    while (block.find()) {
      String source = block.group(1);
      if (MODULE.matcher(source).find()) {
        blocks.modules.add(source);
        continue;
      }
      Matcher type = TYPE.matcher(source);
      assertThat(type.find())
          .as("a block of %s is a whole file: imports, then a top-level type:%n%s", page, source)
          .isTrue();
      assertThat(blocks.sources.put(type.group(1), source))
          .as("two blocks of %s declare %s", page, type.group(1))
          .isNull();
      blocks.compileAlone(type.group(1), source, work);
    }
    return blocks;
  }

  private void compileAlone(String name, String source, Path work) throws IOException {
    Path dir = Files.createDirectories(work.resolve("src-" + name));
    compile(Files.writeString(dir.resolve(name + ".java"), source), classes);
  }

  /** Compiles {@code file} alone into {@code classes}, against what this module's tests see. */
  static void compile(Path file, Path classes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(List.of(file));
      List<String> options =
          List.of("-classpath", classPath(), "-d", classes.toString(), "-proc:none");
      boolean compiled = javac.getTask(errors, files, null, options, null, units).call();
      assertThat(compiled)
          .as(
              "javac, on %s alone, says:%n%s%n%s",
              file.getFileName(), errors, Files.readString(file))
          .isTrue();
    }
  }

  /** A loader of the compiled blocks, beside this test's classes. */
  ClassLoader loader() throws IOException {
    if (loader == null) {
      loader =
          new URLClassLoader(
              new URL[] {classes.toUri().toURL()}, GuideBlocks.class.getClassLoader());
    }
    return loader;
  }

  /**
   * A new instance of the block's type {@code className}, by its constructor taking {@code args}.
   */
  Object construct(String className, Object... args) throws Exception {
    for (Constructor<?> constructor : loader().loadClass(className).getDeclaredConstructors()) {
      if (constructor.getParameterCount() == args.length) {
        constructor.setAccessible(true); // the page's types are package-private
        try {
          return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
          throw thrown(e);
        }
      }
    }
    throw new AssertionError(className + " has no constructor of " + args.length + " parameters");
  }

  /**
   * Runs the method {@code name} of the block's type {@code className} ({@code target} null: a
   * static one), rethrowing what it throws.
   */
  Object call(String className, Object target, String name, Object... args) throws Exception {
    Class<?> type = loader().loadClass(className);
    Method method =
        Stream.concat(Arrays.stream(type.getDeclaredMethods()), Arrays.stream(type.getMethods()))
            .filter(m -> m.getName().equals(name) && m.getParameterCount() == args.length)
            .findFirst()
            .orElseThrow(() -> new AssertionError(className + " has no method " + name));
    method.setAccessible(true); // the page's types are package-private
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw thrown(e);
    }
  }

  private static Exception thrown(InvocationTargetException e) {
    if (e.getCause() instanceof Error error) {
      throw error;
    }
    return e.getCause() instanceof Exception cause ? cause : e;
  }

  /** Everything this test sees, module path included, as a class path. */
  static String classPath() {
    return Stream.of("jdk.module.path", "surefire.test.class.path", "java.class.path")
        .map(System::getProperty)
        .filter(value -> value != null && !value.isBlank())
        .flatMap(value -> Stream.of(value.split(File.pathSeparator)))
        .distinct()
        .collect(Collectors.joining(File.pathSeparator));
  }
}
