package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The public surface of every library module changes only on purpose (issue 37). Each module's
 * {@code public-api.txt} holds the signatures of its public types and their public and protected
 * members, in the packages it exports; this test reads the compiled classes, writes the same dump
 * and fails on any difference, naming each line added or removed.
 *
 * <p>A change that is meant: run {@code ./mvnw test -pl reference-app -am -Dtest=PublicApiTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dapi.update=true}, read the diff of the {@code
 * public-api.txt} files, and commit them with the change. The review then sees the API change as
 * lines of its own.
 *
 * <p>It reflects over classes rather than parsing sources so that what is compared is what users
 * link against: generic signatures, inherited interfaces, record accessors, enum constants. It
 * lives in {@code reference-app}, whose test class path holds every library module.
 */
class PublicApiTest {

  private static final String DUMP = "public-api.txt";
  private static final Pattern EXPORT = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;");
  private static final boolean UPDATE = Boolean.getBoolean("api.update");

  @TestFactory
  Stream<DynamicTest> eachLibraryModulesPublicApiMatchesItsDump() {
    return libraryModules().stream()
        .map(module -> DynamicTest.dynamicTest(module, () -> compare(module)));
  }

  private static List<String> libraryModules() {
    return ArchitectureTest.modules().stream()
        .filter(module -> !ArchitectureTest.ANYTHING.contains(module))
        .filter(module -> !ArchitectureTest.mainSources(module).isEmpty())
        .toList();
  }

  private static void compare(String module) throws IOException {
    List<String> actual = dump(module);
    Path file = ArchitectureTest.ROOT.resolve(module).resolve(DUMP);
    if (UPDATE) {
      Files.write(file, actual);
      return;
    }
    assertThat(file)
        .as("%s has no %s; write it with -Dapi.update=true (see PublicApiTest)", module, DUMP)
        .exists();
    List<String> expected = Files.readAllLines(file);
    assertThat(difference(actual, expected))
        .as(
            "%s's public API gained these (type: member); if that is meant, rerun with"
                + " -Dapi.update=true and commit %s/%s",
            module, module, DUMP)
        .isEmpty();
    assertThat(difference(expected, actual))
        .as(
            "%s's public API lost these (type: member); if that is meant, rerun with"
                + " -Dapi.update=true and commit %s/%s",
            module, module, DUMP)
        .isEmpty();
    assertThat(actual).as("%s's dump, line for line", module).containsExactlyElementsOf(expected);
  }

  /**
   * The lines of {@code these} that {@code those} lacks, each member named with its type (member
   * lines alone repeat: every record has an {@code equals}).
   */
  private static List<String> difference(List<String> these, List<String> those) {
    List<String> left = new ArrayList<>(withTypes(these));
    withTypes(those).forEach(left::remove);
    return left;
  }

  private static List<String> withTypes(List<String> dump) {
    List<String> keyed = new ArrayList<>();
    String type = "";
    for (String line : dump) {
      if (line.startsWith(" ")) {
        keyed.add(type + ": " + line.strip());
      } else {
        type = line;
        keyed.add(line);
      }
    }
    return keyed;
  }

  /** The module's API, a line per type and per member, types in name order. */
  static List<String> dump(String module) {
    Set<String> exported = exportedPackages(module);
    List<String> lines = new ArrayList<>();
    for (String className : classNames(module)) {
      String pkg = className.substring(0, Math.max(0, className.lastIndexOf('.')));
      if (!exported.contains(pkg)) {
        continue;
      }
      Class<?> type = load(className);
      if (isVisible(type)) {
        lines.addAll(describe(type));
      }
    }
    return lines;
  }

  /**
   * The packages {@code module-info} exports to everyone; for a module on the class path only,
   * every package that is not {@code internal}.
   */
  private static Set<String> exportedPackages(String module) {
    Path base = ArchitectureTest.ROOT.resolve(module).resolve("src/main/java");
    Path descriptor = base.resolve("module-info.java");
    Set<String> packages = new TreeSet<>();
    if (Files.exists(descriptor)) {
      Matcher export = EXPORT.matcher(ArchitectureTest.read(descriptor));
      while (export.find()) {
        packages.add(export.group(1));
      }
      return packages;
    }
    for (Path source : ArchitectureTest.mainSources(module)) {
      String pkg = base.relativize(source.getParent()).toString().replace('/', '.');
      if (!pkg.contains("internal")) {
        packages.add(pkg);
      }
    }
    return packages;
  }

  /** The binary names of the module's compiled classes, sorted, from its {@code target/classes}. */
  private static List<String> classNames(String module) {
    Path classes = ArchitectureTest.ROOT.resolve(module).resolve("target/classes");
    assertThat(classes).as("%s is built (its target/classes)", module).isDirectory();
    try (Stream<Path> files = Files.walk(classes)) {
      return files
          .map(classes::relativize)
          .map(Path::toString)
          .filter(name -> name.endsWith(".class") && !name.endsWith("module-info.class"))
          .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Class<?> load(String className) {
    try {
      return Class.forName(className, false, PublicApiTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new AssertionError(
          className + " is not on reference-app's test class path: add its module as a dependency",
          e);
    }
  }

  /** Public or protected, and so is every class around it; never anonymous or local. */
  private static boolean isVisible(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
      if (t.isAnonymousClass()
          || t.isLocalClass()
          || t.isSynthetic()
          || !isExposed(t.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static boolean isExposed(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static List<String> describe(Class<?> type) {
    StringBuilder head = new StringBuilder(type.toGenericString());
    Type superclass = type.getGenericSuperclass();
    if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
      head.append(" extends ").append(superclass.getTypeName());
    }
    Type[] interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0) {
      head.append(type.isInterface() ? " extends " : " implements ")
          .append(
              Arrays.stream(interfaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
    }
    List<String> lines = new ArrayList<>();
    lines.add(head.toString());
    Set<String> members = new TreeSet<>();
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      addIfExposed(members, constructor, constructor.toGenericString());
    }
    for (Method method : type.getDeclaredMethods()) {
      if (!method.isBridge()) {
        addIfExposed(members, method, method.toGenericString());
      }
    }
    for (Field field : type.getDeclaredFields()) {
      addIfExposed(members, field, field.toGenericString());
    }
    // A member's line names it without its class, which the line above names.
    String owner = type.getTypeName() + ".";
    members.forEach(member -> lines.add("  " + member.replace(owner, "")));
    return lines;
  }

  private static void addIfExposed(Set<String> members, Member member, String signature) {
    if (!member.isSynthetic() && isExposed(member.getModifiers())) {
      members.add(signature);
    }
  }
}
