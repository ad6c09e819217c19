package io.github.providergateway.guard.shell.syntax;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The nodes a node holds, in the order of its record's components ({@link SyntaxParser#walk}):
 * every node is a record, and its children are the components that are nodes or lists of nodes.
 */
final class TreeChildren {
  private static final ClassValue<Method[]> ACCESSORS =
      new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
          RecordComponent[] components = type.getRecordComponents();
          Method[] accessors = new Method[components.length];
          for (int i = 0; i < components.length; i++) {
            accessors[i] = components[i].getAccessor();
          }
          return accessors;
        }
      };

  private TreeChildren() {}

  /** {@return the nodes {@code node} holds, in order} */
  static List<Node> of(Node node) {
    List<Node> children = new ArrayList<>();
    for (Method accessor : ACCESSORS.get(node.getClass())) {
      Object value = component(accessor, node);
      if (value instanceof Node child) {
        children.add(child);
      } else if (value instanceof List<?> list) {
        for (Object item : list) {
          if (item instanceof Node child) {
            children.add(child);
          }
        }
      }
    }
    return children;
  }

  private static Object component(Method accessor, Node node) {
    try {
      return accessor.invoke(node);
    } catch (IllegalAccessException | InvocationTargetException e) {
      // Every node is a public record of this package: its accessors are public and throw nothing.
      throw new IllegalStateException(accessor.toString(), e);
    }
  }
}
