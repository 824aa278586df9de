import './mantine-styles'
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { whatToDo } from '../../../api/errors'
import type { CardQuery } from '../use-start-cards'
import classes from './home.module.css'

/** A card of the start page: its loading, failure (with Retry) and content, and a link to the whole list. */
export function Card({
  id,
  title,
  more,
  query,
  children,
}: {
  id: string
  title: string
  more: { to: string; label: string }
  query: CardQuery
  children: ReactNode
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} className={classes.card}>
      {/* The link to the whole list moves under the heading when the card is too narrow for both on one line
          (three cards a row at 1440 px), rather than either breaking in two. */}
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Anchor component={Link} to={more.to} size="sm" underline="always" className={classes.nowrap}>
          {more.label}
        </Anchor>
      </Group>
      {query.error && !query.data ? (
        <Alert color="red" title={`${title} could not be loaded`}>
          <Text size="sm">{whatToDo(query.error)}</Text>
          <Button size="xs" mt="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? (
        <Stack gap={6} role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      ) : (
        <Stack gap={4}>{children}</Stack>
      )}
    </Paper>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  )
}
