"""Helpers shared by the router and guard tests."""


def visible_stack(router):
    """Route names of the stack on screen: the top modal layer's, else the selected tab's."""
    state = router.snapshot()
    stack = state["layers"][-1]["stack"] if state["layers"] else state["tabs"][state["selected_tab"]]["stack"]
    return [entry["route"] for entry in stack]
